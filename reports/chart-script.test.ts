import { describe, expect, it } from 'vitest';
import { PORTABLE_PLUGINS } from './chart-plugins.js';
import { chartJsUmdSource, jsonForScript, portablePluginsScript } from './chart-script.js';

describe('the browser side of the charts', () => {
  it('registers in a page the same plugins, with the same hooks, as the PNG renderer', () => {
    const registered: Record<string, unknown>[] = [];
    const fakeChart = { register: (...plugins: Record<string, unknown>[]) => registered.push(...plugins) };
    new Function('Chart', portablePluginsScript())(fakeChart);

    expect(registered.map((plugin) => plugin['id'])).toEqual(PORTABLE_PLUGINS.map((plugin) => plugin.id));
    registered.forEach((plugin, index) => {
      const original = PORTABLE_PLUGINS[index] as unknown as Record<string, unknown>;
      expect(Object.keys(plugin)).toEqual(Object.keys(original));
      for (const [key, value] of Object.entries(original)) {
        if (typeof value === 'function') expect(String(plugin[key])).toBe(String(value));
      }
    });
  });

  it("inlines chart.js v4's UMD build, which defines the global Chart", () => {
    const source = chartJsUmdSource();
    expect(source).toMatch(/^\/\*!\s*\n \* Chart\.js v4\./);
    expect(source).not.toContain('</script');
  });

  it('embeds JSON that no string inside can break out of', () => {
    const embedded = jsonForScript({ text: '</script><script>alert(1)</script>' });
    expect(embedded).not.toContain('</script');
    expect(JSON.parse(embedded)).toEqual({ text: '</script><script>alert(1)</script>' });
  });
});
