import { DashboardPage } from '../features/dashboard';
import { RecentProjects } from '../features/videos';

// The dashboard shows the videos feature's Recent Projects; features do not import one another, so the
// app composes the two here.
export function DashboardScreen() {
  return <DashboardPage recentProjects={<RecentProjects />} />;
}
