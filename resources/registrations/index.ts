/** Electronic registrations of new suppliers, spec 2 §2.3. */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/AppRegistrationOutlined';
