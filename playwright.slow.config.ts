import base from './playwright.config';
export default { ...base, timeout: 120_000, expect: { timeout: 20_000 }, webServer: { ...base.webServer, timeout: 600_000 } };
