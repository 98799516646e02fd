import { api, type RequestBody } from '@/lib/api-client';

/**
 * POST /api/utility/mail: a message to support (docs/product.md#api-calls). Only the message is
 * shown; the data is empty.
 */
export const sendSupportMail = (body: RequestBody) => api.post('/api/utility/mail', body);
