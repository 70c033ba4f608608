/** The error page's two messages of docs/product.md §8, apart from MSG: every page's script carries these, not all of MSG. */
export const UNEXPECTED = 'An unexpected error occurred.';
export const NETWORK_ERROR = 'Network error. Please check your connection.';
