import type { FastifyServerOptions } from 'fastify';

const SECRET_FIELDS = [
  'password',
  'newpassword',
  'oldpassword',
  'confirm_password',
  'token',
  'jwt',
  'code',
  'secret',
  'backup_code',
];

/**
 * pino options: JSON lines with the request id, and nothing secret — authorization headers,
 * cookies and any password / token / code field are written as [redacted].
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
        ...SECRET_FIELDS.map((field) => `*.*.${field}`),
      ],
      censor: '[redacted]',
    },
  };
}
