/** The paths more than one of the portal's icon sets draws: a tick, and an exclamation mark in a circle. */
export const CHECK_PATHS = <path d="M20 6 9 17l-5-5" />;

export const ALERT_PATHS = (
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </>
);
