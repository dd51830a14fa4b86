/** Every page of the SDK guide (the docs under /dashboard), in the sidebar's order. */
export const GUIDE_PAGES = [
  '/dashboard',
  '/dashboard/quick-start',
  '/dashboard/configuration',
  '/dashboard/question-types',
  '/dashboard/flows',
  '/dashboard/events',
  '/dashboard/receive-submissions',
  '/dashboard/theming',
  '/dashboard/environments-and-keys',
  '/dashboard/content-security-policy',
  '/dashboard/going-live',
  '/dashboard/errors',
  '/dashboard/frameworks',
  '/dashboard/demo',
  '/dashboard/api-reference',
  '/dashboard/changelog',
];
