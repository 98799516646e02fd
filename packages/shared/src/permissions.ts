import { z } from 'zod';
import { ASSIGNABLE_PERMISSIONS, PERMISSIONS } from './permission-rules';

export * from './permission-rules';

export const PermissionSchema = z.enum(PERMISSIONS);
export const AssignablePermissionSchema = z.enum(ASSIGNABLE_PERMISSIONS);
