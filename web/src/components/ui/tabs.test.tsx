import { useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../test/setup';
import { TabList, TabPanel } from './tabs';

const TABS = ['one', 'two', 'three'] as const;
type Tab = (typeof TABS)[number];

function Tabbed() {
  const id = useId();
  const [tab, setTab] = useState<Tab>('one');
  return (
    <>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label="Sections"
        idBase={id}
        testIdPrefix="demo"
        renderTab={(name) => `Tab ${name}`}
      />
      <TabPanel tab={tab} idBase={id} testIdPrefix="demo">
        Panel {tab}
      </TabPanel>
    </>
  );
}

const tabEl = (name: Tab) => screen.getByTestId(`demo-tab-${name}`);
const selected = () => TABS.filter((name) => tabEl(name).getAttribute('aria-selected') === 'true');
const tabIndexes = () => TABS.map((name) => tabEl(name).tabIndex);

describe('tabs', () => {
  it('labels the list, names each tab and ties the selected tab to its panel', () => {
    render(<Tabbed />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(screen.getAllByRole('tab').map((el) => el.textContent)).toEqual([
      'Tab one',
      'Tab two',
      'Tab three',
    ]);
    expect(list.contains(tabEl('one'))).toBe(true);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('data-testid')).toBe('demo-panel-one');
    expect(tabEl('one').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tabEl('one').id);
    expect(selected()).toEqual(['one']);
    expect(tabEl('one').className).toContain('border-orange-600');
    expect(tabEl('two').className).toContain('border-transparent');
  });

  it('moves the selection and the focus with the arrows (wrapping), Home and End', () => {
    render(<Tabbed />);
    const list = screen.getByRole('tablist');
    tabEl('one').focus();

    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toEqual(['two']);
    expect(document.activeElement).toBe(tabEl('two'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel two');

    fireEvent.keyDown(list, { key: 'ArrowRight' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toEqual(['one']);
    expect(document.activeElement).toBe(tabEl('one'));

    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()).toEqual(['three']);
    expect(document.activeElement).toBe(tabEl('three'));

    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected()).toEqual(['one']);
    expect(document.activeElement).toBe(tabEl('one'));

    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()).toEqual(['three']);
    expect(document.activeElement).toBe(tabEl('three'));
  });

  it('keeps only the selected tab in the tab order (roving tabIndex) and ignores other keys', () => {
    render(<Tabbed />);
    expect(tabIndexes()).toEqual([0, -1, -1]);
    fireEvent.click(tabEl('two'));
    expect(selected()).toEqual(['two']);
    expect(tabIndexes()).toEqual([-1, 0, -1]);

    const event = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    screen.getByRole('tablist').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(selected()).toEqual(['two']);

    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'End' });
    expect(tabIndexes()).toEqual([-1, -1, 0]);
  });
});
