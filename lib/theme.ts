// Light, dark or "system" (follow the OS). The choice lives in localStorage and is applied by an
// inline script in <head> before the first paint (no flash of the wrong theme); the same script
// keeps following the OS setting and other tabs for as long as the page is open.

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'parley:theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';
/** Sent on window when this tab changes the theme ('storage' only fires in other tabs). */
export const THEME_EVENT = 'parley:theme';

export function parseThemeChoice(value: unknown): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function isDarkTheme(choice: ThemeChoice, prefersDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && prefersDark);
}

/**
 * The <head> script. Plain ES5 in a string: it runs before any bundle, and must not depend on
 * the build. Mirrors parseThemeChoice/isDarkTheme (tested together in theme.test.ts).
 */
export const THEME_SCRIPT = `(function () {
  var key = ${JSON.stringify(THEME_STORAGE_KEY)};
  var media = window.matchMedia ? window.matchMedia(${JSON.stringify(DARK_QUERY)}) : null;
  function choice() {
    try {
      var value = localStorage.getItem(key);
      return value === 'light' || value === 'dark' ? value : 'system';
    } catch (e) {
      return 'system';
    }
  }
  function apply() {
    var c = choice();
    var dark = c === 'dark' || (c === 'system' && !!media && media.matches);
    var root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    root.setAttribute('data-theme', c);
  }
  apply();
  if (media) {
    if (media.addEventListener) media.addEventListener('change', apply);
    else if (media.addListener) media.addListener(apply);
  }
  window.addEventListener('storage', function (e) {
    if (e.key === key || e.key === null) apply();
  });
  window.addEventListener(${JSON.stringify(THEME_EVENT)}, apply);
})();`;

/** The saved choice ('system' when none, or when storage is unavailable). */
export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/** Saves the choice and lets the head script apply it to this tab. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode or a full quota: the choice holds for this page only.
    const dark = isDarkTheme(choice, window.matchMedia?.(DARK_QUERY).matches ?? false);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    document.documentElement.setAttribute('data-theme', choice);
  }
  window.dispatchEvent(new Event(THEME_EVENT));
}
