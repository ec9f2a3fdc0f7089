/** The export is a plain download: the browser sends the session cookie and saves the attachment. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
