/** Bulk data file validation, spec 3 (reports). */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/FactCheckOutlined';
