// What a signed-in call that checks the password or a code can be refused for besides its own rules: the session,
// the sign-in lock its wrong guesses count toward, and the rate limit. Listed last, in this order, in each route.
export const SECRET_CHECK_REFUSALS = ['UNAUTHORIZED', 'LOCKED', 'RATE_LIMIT_EXCEEDED'] as const;
