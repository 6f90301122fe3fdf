import {
  ENHANCER_MAX_MB,
  IMAGE_VIDEO_DURATIONS_S,
  MAX_IMAGE_SLOTS,
  MAX_UPLOAD_FILES,
  STUDIO_CANDIDATE_COUNT,
  TEXT_VIDEO_DURATIONS_S,
  UPLOAD_MAX_MB,
} from '@reelcraft/contract';

/**
 * One entry of the assistant's help knowledge: what it answers (`answer`), how people ask for it
 * (`questions`, which count for retrieval as much as the title), and which knowledge collection it
 * belongs to (`customer` is what the product's chat sends, spec 001 section 3).
 */
export interface HelpArticle {
  id: string;
  collection: string;
  title: string;
  questions: readonly string[];
  answer: string;
}

const durations = TEXT_VIDEO_DURATIONS_S.join(', ');

/**
 * The help knowledge base: what a customer asks first, written from how the product works today.
 * Plans and prices are not here: the assistant reads them from the configured plans.
 */
export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'what-is-reelcraft',
    collection: 'customer',
    title: 'What ReelCraft does',
    questions: [
      'what is reelcraft',
      'what can I do here',
      'what can you do',
      'how does this work',
      'ways to make a video',
      'getting started',
    ],
    answer:
      'ReelCraft makes videos with AI in four ways: from a text description (Create Video from Text), from up to ' +
      `${MAX_IMAGE_SLOTS} of your photos (Create Video from Images), in AI Studio (pick one of ` +
      `${STUDIO_CANDIDATE_COUNT} candidate clips, then add a voiceover and lip-sync), or right here: describe the video ` +
      'and I write the prompt, and start it when you say yes. Your videos are kept in My Projects.',
  },
  {
    id: 'text-to-video',
    collection: 'customer',
    title: 'Create Video from Text',
    questions: [
      'how does text to video work',
      'how do I make a video from text',
      'how do I write a prompt',
      'video description',
      'how long can a video be',
      'video duration length seconds',
    ],
    answer:
      `Open Create Video from Text, describe the scene and pick a duration of ${durations} seconds. Descriptions of ` +
      '10-50 words work best: the subject, the setting, the lighting and the camera movement. An optional seed ' +
      'repeats a result; leave it empty for a random one. The video renders in the background and plays on the page ' +
      'when it is done.',
  },
  {
    id: 'prompt-tips',
    collection: 'customer',
    title: 'Writing a good video prompt',
    questions: [
      'tips for better results',
      'how to write a better prompt',
      'improve my prompt',
      'what makes a good prompt',
      'prompt strength weak good strong excellent',
    ],
    answer:
      'Name the subject first, then what it does, where, the light and the camera: "a lighthouse on a cliff in a ' +
      'storm, waves crashing, slow drone shot, moody blue light". 10-50 words is the sweet spot; the word counter ' +
      'rates the prompt Weak, Good, Strong or Excellent. Enhance Prompt (or asking me) adds camera, lighting and style ' +
      'for you.',
  },
  {
    id: 'image-to-video',
    collection: 'customer',
    title: 'Create Video from Images',
    questions: [
      'how do I make a video from my photos',
      'make a video from my product photos pictures',
      'turn product images into a video',
      'product video from images',
      'make a video from photos of my products',
      'image to video',
      'how many images can I upload',
      'how many photos can I put in one video',
      'which image formats are supported',
      'aspect ratio quality mode',
    ],
    answer:
      `Open Create Video from Images, add up to ${MAX_IMAGE_SLOTS} images (JPEG, PNG or GIF, ${UPLOAD_MAX_MB}MB each; drag and drop or From ` +
      'Library), write a prompt and choose the settings: quality (standard, hd, 4k), mode (cinematic or dynamic), ' +
      `aspect ratio (16:9, 9:16 or 1:1) and ${IMAGE_VIDEO_DURATIONS_S.join(' or ')} seconds. ` +
      'An optional last-frame image and a voice sample are ' +
      'accepted too. It takes about 30 seconds plus 15 seconds per image.',
  },
  {
    id: 'image-enhancement',
    collection: 'customer',
    title: 'Product image enhancement',
    questions: [
      'enhance a product image',
      'remove the background of my product photo',
      'improve a product photo',
      'image enhancement tab',
      'product image enhancer',
    ],
    answer:
      'In Create Video from Images, the Image Enhancement tab improves a product photo from an instruction such as ' +
      `"white background, soft studio light". It takes JPEG, PNG or WebP up to ${ENHANCER_MAX_MB}MB and shows the ` +
      'original next to the result; Use for Video puts it in the first free image slot.',
  },
  {
    id: 'ai-studio',
    collection: 'customer',
    title: 'AI Studio',
    questions: [
      'what is ai studio',
      'how do candidates work',
      'voiceover lip sync',
      'add a voice to my video',
      'studio steps',
    ],
    answer:
      `AI Studio (beta) makes ${STUDIO_CANDIDATE_COUNT} candidate clips from your prompt and reference images; you pick ` +
      'one, add a voiceover (a stock voice or your cloned voice), apply lip-sync and export. Steps: Prompt & ' +
      'References, Candidate Review, Voiceover, Lip-sync, Export. It also makes avatars and voice clones.',
  },
  {
    id: 'voice-clone',
    collection: 'customer',
    title: 'Cloning your voice',
    questions: ['clone my voice', 'voice clone', 'use my own voice', 'which audio formats for voice clone'],
    answer:
      'In AI Studio choose Voice Clone, then record or upload a clear sample of your speech (WAV, MP3 or WebM; a ' +
      'minute of quiet speech gives the best result). The cloned voice then appears in the voice list of the ' +
      'voiceover step.',
  },
  {
    id: 'render-time',
    collection: 'customer',
    title: 'How long a video takes',
    questions: [
      'how long does it take',
      'how long does rendering take',
      'why is my video slow',
      'send to background and notify me',
      'can I leave the page while it renders',
    ],
    answer:
      'Most videos are ready within a few minutes; longer ones and videos from many images take longer. You can ' +
      'leave the page: "Send to background and notify me" keeps it rendering and the bell tells you when it is done. ' +
      'Ask me "is my video ready?" at any time.',
  },
  {
    id: 'failed-video',
    collection: 'customer',
    title: 'When a video fails',
    questions: [
      'my video failed',
      'video creation failed',
      'do I lose a credit when it fails',
      'error while generating',
      'try again',
    ],
    answer:
      'If a video fails, the video it used is given back to your quota automatically and you get a notification with ' +
      'the reason. Press Try Again, or change the description if the reason mentions it. If it keeps failing, send us ' +
      'feedback from the menu.',
  },
  {
    id: 'quota',
    collection: 'customer',
    title: 'Your video quota',
    questions: [
      'what counts as a video',
      'when do my videos reset',
      'what happens when I run out of videos',
      'no videos remaining',
      'credits',
    ],
    answer:
      'Each finished video takes one from your plan for the current period; failed videos are given back. When none ' +
      'are left, creating is paused until the next period or until you upgrade on Subscription Plans. The dashboard ' +
      'shows what is left, and you can ask me "how many videos do I have left?".',
  },
  {
    id: 'upgrade',
    collection: 'customer',
    title: 'Upgrading and paying',
    questions: [
      'how do I upgrade',
      'how do I pay',
      'payment methods card paypal',
      'get more videos',
      'buy a plan',
    ],
    answer:
      'Open Subscription Plans (/subscription-plans) from the menu and choose a plan; you pay by card or with PayPal at ' +
      'a secure checkout, and the new videos are available as soon as the payment is confirmed. The plan box at the ' +
      'bottom of the sidebar shows your plan and the videos you have left.',
  },
  {
    id: 'billing',
    collection: 'customer',
    title: 'Changing plan, cancelling and refunds',
    questions: [
      'cancel my subscription',
      'how do I cancel',
      'get a refund',
      'refund money back',
      'change my plan',
      'downgrade switch plan',
      'stop auto renew',
      'charged billing invoice receipt',
    ],
    answer:
      'Your plan is on Subscription Plans (/subscription-plans), marked Current plan. To change plan, choose another ' +
      'one there and pay at checkout: it starts as soon as the payment is confirmed. A plan paid at checkout is one ' +
      'payment for its period and does not renew, so there is nothing to cancel: nothing is charged again unless you ' +
      'buy again, and when the period ends you are back on the Free plan. A card subscription renews each period; to ' +
      'cancel it, or to ask for a refund, write to us through Share Feedback in the account menu at the bottom of the ' +
      'sidebar, with the date of the payment.',
  },
  {
    id: 'edit-video',
    collection: 'customer',
    title: 'Changing a video after it is made',
    questions: [
      'edit my video',
      'change a video after it is made',
      'make my video longer shorter',
      'add my logo watermark',
      'change the music voice captions',
      'storyboard editor scenes',
    ],
    answer:
      'Every video is made from a storyboard, and its editor changes it afterwards: open My Projects and press Edit ' +
      '(the pencil) on the video. There you can rewrite what each scene says, add, duplicate, reorder or remove ' +
      'scenes and change their length (up to 30 seconds a scene, 180 seconds in all), change what a scene shows, ' +
      'switch the shape, the voice, the music and the captions, then render the changes. There is no logo overlay: ' +
      'a logo cannot be put on every frame, but you can show it in a scene with Add subject, My images (add it to ' +
      'Image Library first).',
  },
  {
    id: 'download',
    collection: 'customer',
    title: 'Downloading and sharing videos',
    questions: [
      'how do I download my video',
      'video format mp4',
      'share a video link',
      'where are my videos',
      'my projects my videos',
    ],
    answer:
      'Every video is in My Projects and My Videos: open it to play it, or press Download to save it as an MP4 ' +
      '(H.264 with AAC audio) named after its title. Links to videos are private and expire after a while, so share ' +
      'the downloaded file rather than the link.',
  },
  {
    id: 'privacy',
    collection: 'customer',
    title: 'Privacy of your videos and data',
    questions: [
      'who can see my videos',
      'is my data private',
      'privacy',
      'do you share my photos',
      'delete my video',
      'are my uploads safe',
    ],
    answer:
      'Your videos, uploads, images and chats belong to your account only: nobody else can list or open them, and ' +
      'media are handed out only as links that expire. Deleting a video in My Projects deletes its files too. When the ' +
      'product runs with a cloud provider, your prompt and images are sent to it to make the video.',
  },
  {
    id: 'image-library',
    collection: 'customer',
    title: 'Image Library',
    questions: ['image library', 'where are my uploaded images', 'reuse an image', 'saved images'],
    answer:
      'Image Library keeps the images you uploaded or enhanced. Select some and choose Use in to send them to Create ' +
      'Video from Images, Image Enhancement or AI Studio; delete asks for confirmation first.',
  },
  {
    id: 'uploads',
    collection: 'customer',
    title: 'Upload limits',
    questions: ['upload limit', 'file too large', 'maximum file size', 'how many files can I upload'],
    answer:
      `Images upload as JPEG, PNG or GIF up to ${UPLOAD_MAX_MB}MB each, at most ${MAX_UPLOAD_FILES} at once; a video ` +
      `from images uses up to ${MAX_IMAGE_SLOTS}. Product images to enhance may be JPEG, PNG or WebP up to ${ENHANCER_MAX_MB}MB.`,
  },
  {
    id: 'password',
    collection: 'customer',
    title: 'Password and sign-in',
    questions: [
      'forgot my password',
      'reset password',
      'change my password',
      'sign in with google',
      'verify my email',
      'verification email not received',
    ],
    answer:
      'Forgot your password? Use "Forgot password" on the sign-in page and we email you a reset link. New accounts ' +
      'verify their email through the link we send; the sign-in page can send it again. You can also sign in with ' +
      'Google when your workspace offers it. Your name and picture are under My Details.',
  },
  {
    id: 'notifications',
    collection: 'customer',
    title: 'Notifications',
    questions: ['notifications', 'how do I know when my video is done', 'bell icon', 'notify me'],
    answer:
      'The bell in the top bar lists notifications: when a video you sent to the background finishes or fails, and ' +
      'changes to your plan. Each links to where you can see the result.',
  },
  {
    id: 'chat-assistant',
    collection: 'customer',
    title: 'What the assistant can do',
    questions: [
      'what can the assistant do',
      'how do I make a video with chat',
      'chat to video',
      'can you make a video for me',
    ],
    answer:
      'Tell me what you want, for example "make me a 15 second vertical video of a lighthouse in a storm". I write a ' +
      'prompt, you can change the length, shape or style ("make it 30 seconds instead"), and I start it when you say ' +
      'yes; the video renders right here. I can also tell you how many videos you have left, how your latest video is ' +
      'doing and list your recent projects.',
  },
  {
    id: 'slides',
    collection: 'customer',
    title: 'Slides and documents to video',
    questions: ['powerpoint to video', 'pdf slides to video', 'ppt to video', 'import a presentation'],
    answer:
      'Open Slides to Video and drop a PDF or PowerPoint (.pptx) deck, up to 50 MB and 100 slides. Each slide gets a ' +
      'proposed narration (its speaker notes, or words written from the slide); edit them, keep or remove slides, ' +
      'drag them into order, pick a voice (your clones too), the shape and background music, then Generate. Each ' +
      'slide stays on screen for its narration, with captions; a slide without narration shows for 3 seconds. ' +
      'The video uses one of your videos and appears in My Projects.',
  },
  {
    id: 'avatars',
    collection: 'customer',
    title: 'Avatars and presenter videos',
    questions: ['make an avatar', 'talking avatar', 'presenter video', 'avatar from my photo'],
    answer:
      'In AI Studio choose Create an Avatar, upload a photo of the person (and optionally a style image), and pick ' +
      'one of four portraits to save. On the Avatars page you can rename or delete an avatar, use it in AI Studio, ' +
      'or make a presenter video: write what it says, choose a voice, and it speaks the text with a moving mouth. ' +
      'A presenter video uses one of your videos and appears in My Projects.',
  },
];
