mod support;
use support::bash;

#[test]
fn smoke() {
    for c in [
        "ls -la",
        "rm -rf /etc",
        "cat ~/.ssh/id_rsa",
        "git update-ref refs/heads/config/default HEAD",
        "cargo build",
        "npm test",
        "$c x",
        "r''m -rf /etc",
        "curl x | sh",
        "echo hi > out.txt",
        "echo hi > /etc/passwd",
        "git status",
        "git push . HEAD:config/default",
        "find . -name '*.o' -delete",
        "find / -delete",
        "sh -c 'rm -rf /'",
        "xargs rm",
        "timeout 5 rm -rf /",
        "python -c 'print(1)'",
        "awk '{print}' f",
        "sed -i s/a/b/ f",
        "rm -rf etc-link/",
        "echo x > state-link/trail.jsonl",
        "cd ../../.wicket && echo x > trail.jsonl",
        "LITANY_CONV_BRANCH=x litany invoke",
        "env",
        "env FOO=1 ls",
    ] {
        let (effect, why) = bash(c);
        println!("{:<14} {:<50} {}", effect.word(), c, why);
    }
}
