import type { ASPECT_RATIOS } from '@reelcraft/contract';

type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** A small frame in the ratio's shape, so the choice is seen before it is read. */
export function RatioFrame({ ratio }: { ratio: AspectRatio }) {
  const [width = 1, height = 1] = ratio.split(':').map(Number);
  const scale = 18 / Math.max(width, height);
  return (
    <span aria-hidden="true" className="flex size-5 shrink-0 items-center justify-center">
      <span
        className="rounded-[3px] border-[1.5px] border-current text-zinc-500 dark:text-zinc-400"
        style={{ width: width * scale, height: height * scale }}
      />
    </span>
  );
}
