/** The navigation entry of the Registry view (issue 36 item 2). */
import { ViewNavItem } from '../common/view-nav-item.js';

export function RegistryNavItem({ selected, onSelect }: { selected: boolean; onSelect(): void }) {
  return <ViewNavItem label="Registry" hint="find servers" name="Registry: find and install servers" selected={selected} onSelect={onSelect} />;
}
