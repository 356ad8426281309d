/** Business constants and limits (spec section 9). One place; the API and the apps read them here. */
export const LIMITS = {
  maxImageBytes: 2 * 1024 * 1024,
  maxPhotosPerProject: 5,
  signupFreeCredits: 1,
  referralRewardCredits: 5,
  redoHistoryKept: 5,
  freeTryExpiryMinutes: 15,
  freeDownloadWindowMinutes: 60,
  descriptionFreeRegenerations: 5,
  proDescriptionsPerMonth: 16,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  problemReportMinLength: 50,
  verificationCodeLength: 6,
  verificationCodeMaxAttempts: 5,
  verificationCodeTtlMinutes: 30,
  passwordResetTtlMinutes: 60,
} as const;

export const COSTS = {
  automaticDecorationCredits: 1,
  supervisedDecorationCredits: 5,
  redoAutomaticCredits: 1,
  redoSupervisedCredits: 5,
  descriptionCredits: 1,
  descriptionChangeCredits: 1,
  extraDecorationCents: 100,
  trialDecorationCents: 299,
} as const;

export const TIMINGS = {
  realtimeReconnectMs: 5000,
  toastMs: 4000,
  dockedMessageMs: 5000,
  automaticTargetSeconds: 15,
  supervisedWorkingHours: 48,
} as const;

export const LAYOUT = {
  maxWidth: 1920,
  mobileMaxWidth: 600,
  desktopNavMinWidth: 801,
} as const;

/** Local storage keys (spec section 3). */
export const STORAGE_KEYS = {
  token: '_token',
  credits: '_credits',
  lang: '_lang',
  pendingDownload: 'pendingDownload',
  pendingImage: 'pendingImage',
  postLoginRedirect: 'postLoginRedirect',
  freeDownloadUsedPrefix: 'freeDownloadUsed:',
  decorationSelectionPrefix: 'decorationSelection:',
} as const;

export const PRODUCT_NAME = 'Estancia';

/** Every price is in integer cents of this currency. */
export const BILLING_CURRENCY = 'EUR';

/** The header a browser sends with its visitor id (kept in local storage), to count its free tries. */
export const VISITOR_HEADER = 'x-estancia-visitor';
