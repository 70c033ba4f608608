/** The password reset email: plain text first, because many of our readers see only that. */
export function resetPasswordMail(username: string, link: string) {
  const text = [
    `Hello ${username},`,
    '',
    'Someone asked to reset the password of your Kasuwa account. If it was you, open this link within one hour:',
    '',
    link,
    '',
    'If it was not you, ignore this email: your password stays the same.',
    '',
    '— Kasuwa',
  ].join('\n');
  const safeLink = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const safeName = username.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const html = `<p>Hello ${safeName},</p><p>Someone asked to reset the password of your Kasuwa account. If it was you, open this link within one hour:</p><p><a href="${safeLink}">Reset my password</a></p><p>If it was not you, ignore this email: your password stays the same.</p><p>— Kasuwa</p>`;
  return { subject: 'Reset your Kasuwa password', text, html };
}
