/** Reassigning master logins, spec 3 §2.3. */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/ManageAccountsOutlined';
