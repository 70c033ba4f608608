/** "★★★★☆" for a whole number of stars, read as "4 of 5 stars". */
export function Stars({ value }: { value: number }) {
  const whole = Math.round(value);
  return (
    <span className="stars-shown" role="img" aria-label={`${whole} of 5 stars`}>
      {'★'.repeat(whole)}
      {'☆'.repeat(5 - whole)}
    </span>
  );
}

/** The average with one decimal, as cards and the shop page show it. */
export const oneDecimal = (average: number) => average.toFixed(1);
