export { LoginPage } from './login-page';
export { VerifyEmailPage } from './verify-email-page';
