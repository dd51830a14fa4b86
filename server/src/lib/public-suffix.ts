// The Public Suffix List (through tldts, which ships it and is updated with it), private section included: a
// wildcard origin over `github.io` or `pages.dev` would allow every stranger's site there, as `*.co.uk` would every
// company's. The API alone carries the list (about 47 kB gzipped); the portal checks the shape of an entry only.
import {getPublicSuffix} from 'tldts';
import type {IsPublicSuffix} from '@intakekit/contract/origins';

export const isPublicSuffix: IsPublicSuffix = (domain) =>
  getPublicSuffix(domain, {allowPrivateDomains: true}) === domain;
