import { Button, Checkbox, Dialog, DialogContent, DialogTitle, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { declarationsFor, ruleKeys } from './jsdom-style-index';

describe('the style rules index of the web tests', () => {
  it('files a rule under its last compound’s first class, else its tag, else everywhere', () => {
    expect(ruleKeys('.css-1abc')).toEqual(['c:css-1abc']);
    expect(ruleKeys('.Mui-focused .css-1abc:hover')).toEqual(['c:css-1abc']);
    expect(ruleKeys('.css-1abc>:not(style)~:not(style)')).toBeNull();
    expect(ruleKeys('div.css-x[data-a="b c"]')).toEqual(['c:css-x']);
    expect(ruleKeys('input[type=hidden i]')).toEqual(['t:input']);
    expect(ruleKeys('colgroup, colgroup[hidden]')).toEqual(['t:colgroup', 't:colgroup']);
    expect(ruleKeys('.a, :root')).toBeNull();
    expect(ruleKeys(':not(.a) .b:is(.c, .d)')).toEqual(['c:b']);
    expect(ruleKeys('[hidden]')).toBeNull();
    expect(ruleKeys('.md\\:flex')).toBeNull();
    expect(ruleKeys('svg|a')).toBeNull();
  });

  it('gives every element the declaration jsdom itself works out, on hand-written rules', () => {
    const style = document.createElement('style');
    style.textContent = `
      .box { color: red; display: flex }
      .outer .box { color: blue }
      div.box[data-on] { padding: 4px }
      .box:not(.off) { margin: 1px }
      span, .tagged { visibility: hidden }
      @media screen { .box { border-width: 2px } }
      @media print { .box { border-width: 9px } }
      .later { color: unset }
      [aria-hidden="true"] { display: none }
      .box::before { content: "x" }
      * + .box { text-decoration: underline }
    `;
    document.head.appendChild(style);
    const inserted = document.createElement('style');
    document.head.appendChild(inserted);
    inserted.sheet!.insertRule('.box.later { color: green !important }', 0);
    document.body.innerHTML = `
      <div class="outer"><div class="box" data-on></div><div class="box later off"></div></div>
      <span class="box">a</span><p class="tagged"></p><div aria-hidden="true" class="box" style="color: purple"></div>
      <input type="hidden"><dialog></dialog><table><tr hidden><td>x</td></tr></table>`;
    const elements = [...document.querySelectorAll('body *')];
    expect(elements.length).toBeGreaterThan(10);
    for (const element of elements) {
      const { jsdom, indexed } = declarationsFor(element);
      expect(indexed, element.outerHTML).toBe(jsdom);
    }
    // And the window's answer reads the same rules: the cascade's last word and what is inherited.
    const later = document.querySelector('.later')!;
    expect(getComputedStyle(later).color).toBe('rgb(0, 128, 0)');
    expect(getComputedStyle(document.querySelector('span')!).visibility).toBe('hidden');
    expect(getComputedStyle(document.querySelector('[aria-hidden]')!).display).toBe('none');
    style.remove();
    inserted.remove();
  });

  it('shares a declaration only between elements matching the same rules with the same inline style', () => {
    const style = document.createElement('style');
    style.textContent = '.twin { color: red; margin: 1px } .twin.other { color: blue } p.twin:first-child { padding: 2px }';
    document.head.appendChild(style);
    document.body.innerHTML = `<div><p class="twin"></p><p class="twin"></p><p class="twin" style="color: green"></p>
      <p class="twin" style="color: green"></p><p class="twin other"></p><span class="twin"></span></div>`;
    const [first, second, inline, inlineToo, other, span] = [...document.querySelectorAll('.twin')];
    // Each twice: the second answer comes from what the first built.
    for (const element of [first, second, inline, inlineToo, other, span, second, inlineToo]) {
      const { jsdom, indexed } = declarationsFor(element!);
      expect(indexed, element!.outerHTML).toBe(jsdom);
    }
    expect([first, second, inline, inlineToo, other, span].map((el) => getComputedStyle(el!).color)).toEqual([
      'rgb(255, 0, 0)', 'rgb(255, 0, 0)', 'rgb(0, 128, 0)', 'rgb(0, 128, 0)', 'rgb(0, 0, 255)', 'rgb(255, 0, 0)',
    ]);
    expect(getComputedStyle(first!).paddingTop).toBe('2px');
    expect(getComputedStyle(second!).paddingTop).not.toBe('2px');
    // A change to an inline style is a new declaration, not the one shared before.
    (second as HTMLElement).style.color = 'purple';
    expect(getComputedStyle(second!).color).toBe('rgb(128, 0, 128)');
    expect(getComputedStyle(first!).color).toBe('rgb(255, 0, 0)');
    style.remove();
  });

  it('gives every element the declaration jsdom itself works out, on MUI’s own rules', () => {
    render(
      <Dialog open>
        <DialogTitle>Edit client</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <TextField label="First name" required error helperText="Required" />
            <TextField label="Notes" multiline minRows={2} disabled />
            <FormControlLabel control={<Checkbox defaultChecked />} label="Reminders" />
            <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' } }}>
              Wide screens only
            </Typography>
            <Button variant="contained">Save</Button>
          </Stack>
        </DialogContent>
      </Dialog>,
    );
    screen.getByRole('dialog', { name: 'Edit client' });
    const elements = [...document.querySelectorAll('body *')];
    expect(elements.length).toBeGreaterThan(30);
    for (const element of elements) {
      const { jsdom, indexed } = declarationsFor(element);
      expect(indexed, element.outerHTML.slice(0, 200)).toBe(jsdom);
    }
    // The role queries see what they saw before: the button by its name, the hidden text not at all.
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeTruthy();
  });
});
