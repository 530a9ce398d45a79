#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Ansible module: SELinux store customisations through sekit's sestore.

Every item of a task goes into one apply file, checked with
`sestore apply --check --json` and, when something would change, made with
`sestore apply --json` in ONE libsemanage transaction: fifty file contexts
cost one commit, and a task whose items already hold starts no transaction.
"""

DOCUMENTATION = r"""
module: sestore
short_description: File contexts, ports, booleans, logins, permissive domains and modules in one transaction
description:
  - Builds the lines of a C(semanage export) file from the items given and
    makes them with C(sestore apply) in one libsemanage transaction, or none
    of them. C(changed) is sestore's own answer; check mode runs
    C(sestore apply --check) and changes nothing; diff mode shows the lines
    that change.
options:
  fcontext:
    description: File contexts; each has target (the regex), setype, ftype (a f d c b s l p), seuser, selevel, state (present or absent).
    type: list
    elements: dict
  port:
    description: Port labels; each has ports (a port or LOW-HIGH), proto, setype, state.
    type: list
    elements: dict
  boolean:
    description: Persistent booleans; each has name and state (true or false).
    type: list
    elements: dict
  login:
    description: Login mappings; each has login, seuser, serange, state.
    type: list
    elements: dict
  permissive:
    description: Permissive domains; each has domain and state.
    type: list
    elements: dict
  module:
    description: Modules; each has name, and state enabled, disabled or absent, or path to install (.pp or .cil) with priority.
    type: list
    elements: dict
  lines:
    description: Lines of an apply file as they are (semanage export's syntax), after the items.
    type: list
    elements: str
  purge:
    description: Kinds whose local records not listed here are removed (a C(KIND -D) line before the items, in the same transaction).
    type: list
    elements: str
  store:
    description: The store name (sestore -S); the configured policy type when omitted.
    type: str
  root:
    description: Find the store under this directory (sestore --root).
    type: path
  reload:
    description: Reload the policy after the commit.
    type: bool
    default: true
  executable:
    description: The sestore program.
    type: path
"""

EXAMPLES = r"""
- name: a web server's customisations, one transaction
  sestore:
    fcontext:
      - { target: '/srv/www(/.*)?', setype: httpd_sys_content_t }
    port:
      - { ports: 8081, proto: tcp, setype: http_port_t }
    boolean:
      - { name: httpd_can_network_connect, state: true }
"""

RETURN = r"""
changes:
  description: The changes made (or that would be made in check mode), as sestore apply --json lists them.
  type: list
  returned: always
"""

import json
import shlex

from ansible.module_utils.basic import AnsibleModule


def q(value):
    return shlex.quote(str(value))


def fcontext_line(it):
    if it.get("state", "present") == "absent":
        return "fcontext -d -f %s %s" % (q(it.get("ftype", "a")), q(it["target"]))
    line = "fcontext -a -f %s -t %s" % (q(it.get("ftype", "a")), q(it["setype"]))
    if it.get("seuser"):
        line += " -s " + q(it["seuser"])
    if it.get("selevel"):
        line += " -r " + q(it["selevel"])
    return line + " " + q(it["target"])


def port_line(it):
    if it.get("state", "present") == "absent":
        return "port -d -p %s %s" % (q(it["proto"]), q(it["ports"]))
    return "port -a -t %s -p %s %s" % (q(it["setype"]), q(it["proto"]), q(it["ports"]))


def boolean_line(it):
    return "boolean -m %s %s" % ("-1" if it.get("state") in (True, "on", "true", 1) else "-0",
                                 q(it["name"]))


def login_line(it):
    if it.get("state", "present") == "absent":
        return "login -d -- %s" % q(it["login"])
    line = "login -a -s %s" % q(it["seuser"])
    if it.get("serange"):
        line += " -r " + q(it["serange"])
    return line + " -- " + q(it["login"])


def permissive_line(it):
    return "permissive %s %s" % ("-d" if it.get("state", "present") == "absent" else "-a",
                                 q(it["domain"]))


def module_line(it):
    if it.get("path"):
        prio = " -P %d" % int(it["priority"]) if it.get("priority") else ""
        return "module%s -a %s" % (prio, q(it["path"]))
    flag = {"enabled": "-e", "disabled": "-d", "absent": "-r"}[it.get("state", "enabled")]
    return "module %s %s" % (flag, q(it["name"]))


KINDS = [("fcontext", fcontext_line), ("port", port_line), ("boolean", boolean_line),
         ("login", login_line), ("permissive", permissive_line), ("module", module_line)]


def apply_text(params):
    lines = ["%s -D" % kind for kind in params.get("purge") or []]
    for kind, fmt in KINDS:
        for it in params.get(kind) or []:
            lines.append(fmt(it))
    lines.extend(params.get("lines") or [])
    return "\n".join(lines) + "\n"


def diagnostics(err):
    """sestore's --json diagnostics (stderr) as its text lines, FILE:LINE:COL first."""
    try:
        diags = json.loads(err)["diagnostics"]
    except (ValueError, KeyError, TypeError):
        return err.strip()
    out = []
    for d in diags:
        where = "%s:%s:%s: " % (d["file"], d["line"], d["column"]) if d.get("file") else "sestore: "
        out.append("%s%s: %s" % (where, d.get("severity", "error"), d.get("message", "")))
    return "\n".join(out)


def run_apply(module, sestore, text, check):
    p = module.params
    cmd = [sestore]
    if p.get("root"):
        cmd += ["--root", p["root"]]
    if p.get("store"):
        cmd += ["-S", p["store"]]
    if not p.get("reload"):
        cmd.append("-N")
    cmd += ["apply", "--json"] + (["--check"] if check else []) + ["-"]
    rc, out, err = module.run_command(cmd, data=text, binary_data=True)
    # apply --check: 0 the store matches, 1 something would change
    if rc not in ((0, 1) if check else (0,)):
        module.fail_json(msg=diagnostics(err) or "sestore apply failed (exit %d)" % rc, rc=rc,
                         stderr=err, apply_file=text)
    try:
        return json.loads(out)
    except ValueError:
        module.fail_json(msg="sestore apply printed no JSON", stdout=out, stderr=err)


def main():
    items = dict(type="list", elements="dict")
    module = AnsibleModule(
        argument_spec=dict(fcontext=items, port=items, boolean=items, login=items,
                           permissive=items, module=items,
                           lines=dict(type="list", elements="str"),
                           purge=dict(type="list", elements="str"),
                           store=dict(type="str"), root=dict(type="path"),
                           reload=dict(type="bool", default=True),
                           executable=dict(type="path")),
        supports_check_mode=True)
    sestore = module.params.get("executable") or module.get_bin_path("sestore", required=True)
    text = apply_text(module.params)
    plan = run_apply(module, sestore, text, True)
    result = dict(changed=bool(plan.get("changed")), changes=plan.get("changes", []))
    if module._diff:
        result["diff"] = dict(prepared="".join(c["change"] + "\n" for c in result["changes"]))
    if result["changed"] and not module.check_mode:
        done = run_apply(module, sestore, text, False)
        result["changed"] = bool(done.get("changed"))
        result["changes"] = done.get("changes", [])
    module.exit_json(**result)


if __name__ == "__main__":
    main()
