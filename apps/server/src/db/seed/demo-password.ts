/**
 * Every demo user's password (README, "First steps"). A module of its own so the browser journeys
 * can sign in with it without loading the seeding code.
 */
export const DEMO_PASSWORD = 'Demo-partner-1!';
