/** The supplier area, spec 2 §2.1. Later issues add search, details, create and edit. */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/StorefrontOutlined';
