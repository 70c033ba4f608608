/**
 * A JSON body's limit for a form whose longest field holds `chars` characters: room for each of them as a
 * JSON \u escape and for the other fields. Anything larger is refused unread (413).
 */
export const textBodyLimit = (chars: number) => chars * 6 + 1024;
