export { MyDetailsPage } from './my-details-page';
