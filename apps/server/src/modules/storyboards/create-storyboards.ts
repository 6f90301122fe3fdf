import type { Orm } from '../../platform/db/database';
import { storyboardKind, storyboardRendering, type StoryboardKindDeps } from './storyboard.kind';
import { StoryboardsRepository } from './storyboards.repository';
import { StoryboardsService, type StoryboardsServiceDeps } from './storyboards.service';

/**
 * The storyboards module over its own repository: its rendering (which other kinds render their
 * storyboards with), its generation kind, and the service that starts both. The service is made
 * once the generation core exists (`service(generations)`), since the core needs the kind first.
 */
export function createStoryboards(deps: Omit<StoryboardKindDeps, 'repository'> & { orm: Orm }) {
  const { orm, ...renderDeps } = deps;
  const repository = new StoryboardsRepository(orm);
  const rendering = storyboardRendering({ ...renderDeps, repository });
  const kind = storyboardKind(rendering);
  return {
    rendering,
    kind,
    service: (rest: Omit<StoryboardsServiceDeps, 'repository' | 'kind' | 'sceneKeys' | 'scenePrompts'>) =>
      new StoryboardsService({
        ...rest,
        repository,
        kind,
        sceneKeys: rendering.sceneKeys,
        // A vendor films the scenes from their prompts: drafts write them, for the user to see.
        scenePrompts: deps.video.sceneSource !== undefined,
      }),
  };
}
