// The first words of the text parts that carry attachments to the model. Shared by the part
// builder and the demo model, which reads them back. Pure.

/** Followed by the file name, a newline, then the file's text. */
export const FILE_LABEL = 'Attached file:';
/** Followed by the image name; the image part comes right after (or a description instead). */
export const IMAGE_LABEL = 'Attached image:';
