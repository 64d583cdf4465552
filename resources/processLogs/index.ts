/** Process logs, spec 3 §2.2. No permission check. */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/ReceiptLongOutlined';
