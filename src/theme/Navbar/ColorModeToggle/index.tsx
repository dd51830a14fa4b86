import type {ReactNode} from 'react';
import NavbarColorModeToggle from '@theme-original/Navbar/ColorModeToggle';
import type NavbarColorModeToggleType from '@theme/Navbar/ColorModeToggle';
import type {WrapperProps} from '@docusaurus/types';
import {useNavbarMobileSidebar} from '@site/src/theme/theme-common-internals';

type Props = WrapperProps<typeof NavbarColorModeToggleType>;

/**
 * On small screens the theme's navbar hides this toggle (with the class it passes in) and offers it in the mobile
 * menu instead, but this navbar has no items, so there is no mobile menu and phones had no way to switch. Whenever
 * that menu is disabled the class is dropped and the toggle stays in the bar. The mobile menu's own toggle is only
 * rendered when the menu is enabled, and then keeps its class.
 */
export default function NavbarColorModeToggleWrapper({className, ...props}: Props): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  return <NavbarColorModeToggle {...props} className={mobileSidebar.disabled ? undefined : className} />;
}
