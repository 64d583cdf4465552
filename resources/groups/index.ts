/** The supplier group area, spec 2 §2.2. */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/WorkspacesOutlined';
