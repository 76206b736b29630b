import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface SubmenuGroupValue {
  /** The submenu opened last. */
  active: string | null;
  activate(key: string): void;
}

const SubmenuGroupContext = createContext<SubmenuGroupValue | null>(null);

/** Submenus inside one group show one at a time: opening one closes the others at once. */
export function SubmenuGroup({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<string | null>(null);
  const value = useMemo(() => ({ active, activate: setActive }), [active]);
  return <SubmenuGroupContext.Provider value={value}>{children}</SubmenuGroupContext.Provider>;
}

export const useSubmenuGroup = () => useContext(SubmenuGroupContext);
