import { STORYBOARD_LIMITS, TEXT_VIDEO_DURATIONS_S } from '@reelcraft/contract';
import type { StoredProposal } from './chat.schema';
import { proposalDescription, type PlanFacts, type QuotaFacts, type VideoFacts } from './chat-tools';
import type { VideoEdit } from './chat-understanding';

// The assistant's sentences, from the facts the tools found. Pure, so the same facts read the same.

const ASPECT_NAMES: Readonly<Record<string, string>> = {
  '16:9': '16:9 landscape',
  '9:16': '9:16 vertical',
  '1:1': '1:1 square',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const CAPABILITIES =
  'I can make a video from a description (say "make me a 15 second video of a lighthouse in a storm"), tell you how ' +
  'many videos you have left, how your latest video is doing, list your recent projects, and answer questions about ' +
  'ReelCraft.';

export function greetingReply(): string {
  return `Hi! I'm the ReelCraft assistant. ${CAPABILITIES} What would you like to make?`;
}

/** The shape, length and style of a proposal, as a short line ("30 s, 9:16 vertical, anime style"). */
export function proposalFormat(proposal: StoredProposal): string {
  return [
    `${proposal.durationSeconds} s`,
    ASPECT_NAMES[proposal.aspect] ?? proposal.aspect,
    proposal.style ? `${proposal.style} style` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export function proposalReply(
  proposal: StoredProposal,
  notes: { changed?: readonly string[]; requestedSeconds?: number | null; remainingVideos?: number },
): string {
  if (!proposal.prompt) {
    return (
      'Happy to make a video! What should it show? Describe the subject and the mood, for example "a lighthouse in a ' +
      'storm at night".'
    );
  }
  const lines: string[] = [];
  if (notes.changed?.length) lines.push(`Updated: ${notes.changed.join(', ')}.`);
  if (notes.requestedSeconds) {
    lines.push(
      `Videos are ${TEXT_VIDEO_DURATIONS_S.join(', ')} seconds long, so I picked ${proposal.durationSeconds} seconds.`,
    );
  }
  // The prompt itself travels as `enhanced_prompt` (the screen shows it on the proposal card).
  lines.push(
    `Here is my proposal: a ${proposalFormat(proposal)} video of ${proposalDescription(proposal) ?? 'your idea'}, with the prompt written for you.`,
  );
  const cost =
    notes.remainingVideos === undefined
      ? ''
      : notes.remainingVideos > 0
        ? ` It uses 1 of your ${plural(notes.remainingVideos, 'remaining video')}.`
        : ' You have no videos left, so upgrade your plan first.';
  lines.push(
    `Shall I create it? Say "yes" or press Create video; you can also change the length, shape or style.${cost}`,
  );
  return lines.join(' ');
}

/** What changed between two proposals, in words ("now 30 seconds"). */
export function proposalChanges(before: StoredProposal | null, after: StoredProposal): string[] {
  if (!before || before.id !== after.id || !before.prompt) return [];
  const changes: string[] = [];
  if (before.durationSeconds !== after.durationSeconds) changes.push(`now ${after.durationSeconds} seconds`);
  if (before.aspect !== after.aspect) changes.push(`now ${ASPECT_NAMES[after.aspect] ?? after.aspect}`);
  if (before.style !== after.style)
    changes.push(after.style ? `now in ${after.style} style` : 'no particular style');
  if (before.subject !== after.subject) changes.push('a new description');
  else {
    const added = (after.details ?? []).filter((detail) => !(before.details ?? []).includes(detail));
    for (const detail of added) changes.push(`added “${detail}”`);
  }
  return changes;
}

export function startedReply(proposal: StoredProposal, repeated: boolean, video?: VideoFacts): string {
  if (repeated) {
    if (video?.status === 'completed') return `That video is already done: ${video.link}. Want another one?`;
    if (video?.status === 'failed')
      return `That video failed: ${video.error ?? 'unknown reason'}. Ask me for a new one.`;
    return (
      `That video is already on its way (${video?.progress ?? 0}%), so I did not start a second one. ` +
      'I will show it here when it is done.'
    );
  }
  return (
    `Done: your ${proposal.durationSeconds}-second video is rendering now. Follow its progress here; it plays in this ` +
    'chat when it is ready, and it is saved in My Projects.'
  );
}

export function refusedReply(reason: string): string {
  return `I could not start the video: ${reason} Plans are on the Subscription Plans page (/subscription-plans).`;
}

export const nothingToStartReply =
  'There is no video waiting for a yes. Describe the video you want, for example "a 30 second video of a sunrise over the mountains".';

export const declinedReply = 'No problem, I will not create it. Tell me when you want another idea.';

export function quotaReply(quota: QuotaFacts): string {
  const lines = [
    `You are on the ${quota.plan} plan with ${quota.remaining_videos} of ${plural(quota.max_videos, 'video')} left ` +
      `this period (${quota.used_videos} used).`,
  ];
  if (quota.is_expired) lines.push('Your paid plan has ended, so the Free plan applies again.');
  if (!quota.can_generate || quota.remaining_videos <= 0) {
    lines.push(
      'You cannot create more videos right now: upgrade on Subscription Plans (/subscription-plans) to continue.',
    );
  }
  return lines.join(' ');
}

export function plansReply(plans: readonly PlanFacts[], current?: string): string {
  const listed = plans.map((plan) => {
    const price =
      plan.price === 0
        ? 'free'
        : `${new Intl.NumberFormat('en-US', { style: 'currency', currency: plan.currency }).format(plan.price)}`;
    return `- ${plan.name}: ${plural(plan.max_videos, 'video')} every ${plan.period_days} days, ${price}`;
  });
  return [
    'These are the plans:',
    ...listed,
    `${current ? `You are on ${current}. ` : ''}Compare and upgrade on Subscription Plans (/subscription-plans).`,
  ].join('\n');
}

export function videoStatusReply(video: VideoFacts | undefined): string {
  if (!video) return 'You have no videos yet. Tell me what you would like, and I will make one.';
  const title = `“${video.title}”`;
  switch (video.status) {
    case 'completed':
      return `Your video ${title} is ready. Watch or download it in My Projects: ${video.link}`;
    case 'failed':
      return `Your video ${title} failed: ${video.error ?? 'unknown reason'}. The video it used was given back; ask me for it again.`;
    default:
      return `Your video ${title} is rendering: ${video.progress}% (${video.stage_label ?? 'in progress'}). It plays here and in My Projects when it is done.`;
  }
}

export function projectsReply(projects: readonly VideoFacts[]): string {
  if (projects.length === 0)
    return 'You have no projects yet. Describe a video and I will make your first one.';
  const lines = projects.map((project) => {
    const state =
      project.status === 'completed'
        ? 'ready'
        : project.status === 'failed'
          ? 'failed'
          : `rendering, ${project.progress}%`;
    return `- ${project.title} (${state}): ${project.link}`;
  });
  return [`Your ${plural(projects.length, 'latest project')}:`, ...lines].join('\n');
}

/** What the storyboard editor does about each kind of change, in the editor's own words. */
const EDITOR_CAN: Readonly<Record<VideoEdit, string>> = {
  longer:
    `Longer: add or duplicate scenes, or give a scene more seconds (up to ${STORYBOARD_LIMITS.maxSceneSeconds} ` +
    `seconds a scene, ${STORYBOARD_LIMITS.maxTotalSeconds} in all).`,
  shorter: 'Shorter: delete scenes or give them fewer seconds.',
  logo:
    'Your logo: there is no logo overlay, so I cannot put a logo on every frame. You can show it in a scene ' +
    'instead: add the image to Image Library, then choose Add subject, My images on that scene.',
  music: 'Music: pick another mood or change its volume.',
  voice: 'Voice: rewrite what each scene says and choose another voice, your cloned voices too.',
  captions: 'Captions: turn them on or off and pick their style.',
  shape: 'Shape: switch between 16:9, 9:16 and 1:1.',
  scenes: 'Scenes: change what each one shows and says, add, duplicate, reorder or delete them.',
};

const EDITOR_SUMMARY =
  'There you can rewrite what each scene says, add, duplicate, reorder or delete scenes and change their length, ' +
  'change what a scene shows, and switch the shape, voice, music and captions.';

/**
 * Where and how an existing video is changed: its storyboard editor, what it can do about each change
 * asked for, and honestly what it cannot (there is no logo overlay).
 */
export function editVideoReply(video: VideoFacts | undefined, edits: readonly VideoEdit[]): string {
  if (!video)
    return 'You have no videos yet, so there is nothing to change. Tell me what you would like, and I will make one.';
  const title = `“${video.title}”`;
  if (video.status === 'failed') {
    return `Your last video ${title} failed: ${video.error ?? 'unknown reason'}. Ask me for it again, with the changes you want.`;
  }
  const lines = video.storyboard_id
    ? [
        `Your last video ${title} is made from a storyboard, and you change it in its editor: ${video.edit_link}`,
      ]
    : [
        `Your last video ${title} was made before storyboards: open it in My Projects (${video.edit_link}) and press ` +
          'Edit to get one you can change.',
      ];
  if (video.status !== 'completed') {
    lines.push(`It is still rendering (${video.progress}%); make your changes once it is done.`);
  }
  lines.push(...(edits.length ? edits.map((edit) => `- ${EDITOR_CAN[edit]}`) : [EDITOR_SUMMARY]));
  lines.push(
    'Render changes renders again only the scenes you changed, and the editor shows whether it uses one of your ' +
      'videos before you press it.',
  );
  return lines.join('\n');
}

export const unknownReply =
  'I do not know the answer to that one. I can help with making videos, your plan and videos left, how your videos ' +
  'are doing, and how ReelCraft works. For anything else, send us a message through Feedback in the menu.';
