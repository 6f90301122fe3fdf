export { ProjectsPage } from './projects-page';
