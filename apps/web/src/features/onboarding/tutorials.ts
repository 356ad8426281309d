/** The first-use tutorials: each page's steps, as keys under `tutorial.<page>.<step>.{title,text}`. */
export const TUTORIALS = {
  myProjects: ['create', 'photos', 'follow', 'results'],
  newProject: ['name', 'photos', 'choose', 'cost'],
} as const;

export type TutorialName = keyof typeof TUTORIALS;

/** Local storage: a tutorial once shown is not shown again by itself. */
export const tutorialSeenKey = (name: TutorialName) => `tutorialSeen:${name}`;
