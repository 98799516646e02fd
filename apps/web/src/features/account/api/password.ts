import { api, type RequestBody } from '@/lib/api-client';

/**
 * PUT /api/user/password: set or change the password (docs/product.md#api-calls). Only the
 * message is shown; the data is empty.
 */
export const changePassword = (body: RequestBody) => api.put('/api/user/password', body);
