import { describe, expect, it } from 'vitest';
import { isUploadOf, uploadKeyPrefix } from './upload-keys';

const me = '0b9f4a36-2f0e-4f53-9f4e-0a4d2a1f6c11';
const other = '7d1e2c55-8a0b-4c6e-b1f7-3e5d9c2a4b88';

describe('isUploadOf', () => {
  it("accepts an object in the user's upload area, nested or not", () => {
    expect(uploadKeyPrefix(me)).toBe(`uploads/${me}/`);
    expect(isUploadOf(`uploads/${me}/a.png`, me)).toBe(true);
    expect(isUploadOf(`uploads/${me}/enhanced/b.webp`, me)).toBe(true);
  });

  it("refuses another user's uploads, other areas and the bare folder", () => {
    expect(isUploadOf(`uploads/${other}/a.png`, me)).toBe(false);
    expect(isUploadOf(`videos/${me}/a.png`, me)).toBe(false);
    expect(isUploadOf(`uploads/${me}`, me)).toBe(false);
    expect(isUploadOf(`uploads/${me}/`, me)).toBe(false);
    expect(isUploadOf(`uploads/${me}x/a.png`, me)).toBe(false);
  });

  it('refuses keys that try to step out of the folder', () => {
    expect(isUploadOf(`uploads/${me}/../${other}/a.png`, me)).toBe(false);
    expect(isUploadOf(`uploads/${me}/./a.png`, me)).toBe(false);
    expect(isUploadOf(`uploads/${me}//a.png`, me)).toBe(false);
    expect(isUploadOf(`uploads/${me}/%2e%2e/a.png`, me)).toBe(false);
    expect(isUploadOf(`/uploads/${me}/a.png`, me)).toBe(false);
  });
});
