export { LoginScreen } from './components/LoginScreen';
export { RegisterScreen } from './components/RegisterScreen';
export { ResetPasswordScreen } from './components/ResetPasswordScreen';
export { ResetPasswordConfirmScreen } from './components/ResetPasswordConfirmScreen';
export { ActivateScreen } from './components/ActivateScreen';
export { AccountScreen } from './components/AccountScreen';
