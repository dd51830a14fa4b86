import {describe, expect, it} from 'vitest';
import {withoutTrailingSlash} from './trailing-slash';

describe('withoutTrailingSlash', () => {
  it.each([
    ['/', null],
    ['/login', null],
    ['/login/', '/login'],
    ['/dashboard/quick-start/', '/dashboard/quick-start'],
    ['/api-keys//', '/api-keys'],
    ['//', '/'],
  ])('%j -> %j', (path, expected) => expect(withoutTrailingSlash(path)).toBe(expected));
});
