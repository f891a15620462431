/** The user menu's text links. */
export const LINK_CLASS = "text-sm underline-offset-4 hover:underline";
