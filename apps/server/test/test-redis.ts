/**
 * The Redis server for the tests that share state through one (TEST_REDIS_URL). A machine with
 * only Node.js has none, so those tests run only when it is set; CI sets it and checks that the
 * server answers, so there they always run.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
