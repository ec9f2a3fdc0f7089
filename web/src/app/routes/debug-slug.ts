/** Spec 2: /test-{name} is the debug page with a fixed sample profile, not a runner's slug. */
export const DEBUG_SLUG_PREFIX = 'test-';
