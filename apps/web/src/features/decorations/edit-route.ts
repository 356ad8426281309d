import type { Params } from 'react-router-dom';
import { pathTo } from '../../app/route-meta';

/** The word in the Project route's optional segments that opens the editor. */
export const EDIT_SEGMENT = 'edit';
/** The query parameter naming the decoration to edit (the route's :id stays the project's). */
export const DECORATION_PARAM = 'decoration';

/**
 * Whether the Project route (`/project/:status?/:edit?/:id`) is its edit view. `/project/edit/:id`
 * matches `edit` as the first optional segment (:status), `/project/<status>/edit/:id` as the second,
 * so either counts.
 */
export const isEditView = (params: Readonly<Params>): boolean =>
  params.edit === EDIT_SEGMENT || params.status === EDIT_SEGMENT;

/** `/project/edit/<projectId>?decoration=<decorationId>`: the editor of one decoration of a project. */
export const editDecorationPath = (projectId: string, decorationId: string): string =>
  pathTo('Project', { edit: EDIT_SEGMENT, id: projectId }, { [DECORATION_PARAM]: decorationId });
