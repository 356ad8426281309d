import { SetMetadata } from '@nestjs/common';
import type { Role } from '@estancia/contracts';

/**
 * Every route needs a signed-in user unless marked `@Public()`; `@Roles(...)` narrows further.
 * The global guard in modules/identity reads these marks.
 */
export const IS_PUBLIC = 'access:public';
/** Routes of the public API (`/api/v1`): an API key, checked by the integrations module's guard, not a session. */
export const API_KEY_ROUTE = 'access:api-key';
export const ROLES_KEY = 'access:roles';
export const Public = () => SetMetadata(IS_PUBLIC, true);
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
export const StaffOnly = () => Roles('decorator', 'admin');
export const AdminOnly = () => Roles('admin');
