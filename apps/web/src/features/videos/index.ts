export { MyVideosPage } from './my-videos-page';
export { ProjectsPage } from './projects-page';
export { RecentProjects } from './components/recent-projects';
