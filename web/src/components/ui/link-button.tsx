import { Link, type LinkProps } from 'react-router';
import { buttonStyles, type ButtonStyleProps } from './button-styles';

export type LinkButtonProps = LinkProps & ButtonStyleProps;

/** A router link that looks like a button, for actions that navigate. */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <Link className={buttonStyles({ variant, size, className })} {...props} />;
}
