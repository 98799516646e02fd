// The one barrel in the server: drizzle-kit and drizzle({ schema }) need every table in one module.
export * from './accounts';
export * from './api-keys';
export * from './audit';
export * from './activity';
export * from './billing';
export * from './digests';
export * from './insights';
export * from './invites';
export * from './local-processor';
export * from './outbox';
export * from './reports';
export * from './report-import-jobs';
export * from './sessions';
export * from './users';
export * from './workbooks';
export * from './sso';
export * from './scim';
