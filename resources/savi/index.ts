/** The finance export area, spec 3 §2.1. */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/AccountBalanceOutlined';
