// The wording of identity's answers (spec 5, API.md "Auth" and "Account"), shown as they are by the web app.
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';
export const USER_EXISTS_MESSAGE = 'User already registered';
export const INVALID_LINK_MESSAGE = 'This confirmation link is invalid or has expired.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired.';
export const WRONG_PASSWORD_MESSAGE = 'Your password is incorrect.';
export const EMAIL_TAKEN_MESSAGE = 'This e-mail address is already used by another account.';
export const SAME_EMAIL_MESSAGE = 'This is already your e-mail address.';
export const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted.';
