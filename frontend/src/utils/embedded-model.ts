/** The model that ships inside Colloquy; an empty model field on the local provider means it.
 * Its own module: the first screen's notice needs only this name, not the model presets. */
export const EMBEDDED_MODEL = "SmolLM2-135M-Instruct";
